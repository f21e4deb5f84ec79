# Two commands do all set-up on a fresh machine with Python 3.11+:
#   make run   - create .venv, install, run the Champagne Stakes in Fullplay with the race call
#   make test  - the same set-up, then lint, type-check and the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
COMPILED := $(VENV)/.compiled
EXACT_LOOPS := $(addprefix src/homestretch/games/stretch/analysis/,exact_compiled.py exact_compiled_three.py)
# what the kept standard sets are keyed by (core/kept.py): an edit makes them again at set-up
KEPT_SOURCES := $(wildcard src/homestretch/core/*.py) $(wildcard src/homestretch/games/stretch/content/*.py)

.PHONY: run test setup lint clean fuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Again whenever the loops or the kept sets' sources change (after a pull too), so no `odds`
# waits for the compiler or for pydantic
$(COMPILED): $(STAMP) $(EXACT_LOOPS) $(KEPT_SOURCES)
	@echo 'Compiling the exact-odds loops once (a minute at most), so no odds waits for it'
	$(BIN)/python -m homestretch.games.stretch.analysis.exact_compiled
	$(BIN)/python -m compileall -q src  # the first command, too, starts from bytecode
	$(BIN)/python -c 'from homestretch.games.stretch.content import card_set, chart_set, race_plain; card_set.load_card_set(); chart_set.load_chart_set(); race_plain.kept_content()'  # the standard sets checked once and kept (core/kept.py), the cards as plain data for `odds` (content/race_plain.py)
	touch $(COMPILED)

setup: $(COMPILED)

run: $(COMPILED)
	$(BIN)/homestretch stretch run 2009-champagne-stakes --mode full

CODE := $(wildcard src tests benchmarks)

lint: $(COMPILED)
	$(BIN)/ruff check $(CODE)
	$(BIN)/ruff format --check $(CODE)
	$(BIN)/mypy src
	$(BIN)/lint-imports --no-cache

# Over every core (xdist), a test file to a worker (files share module fixtures, a sample
# of games or a server, that would otherwise be made once per worker), handed out in the
# order collected: the long browser files first, not last (xdist's default: most tests first)
test: lint
	$(BIN)/python -m pytest -n auto --dist loadfile --no-loadscope-reorder

# The fuzz harness at length: N random examples a test (make test runs a fixed sample),
# over every core, a test to a worker as each comes free (each worker its own fork server)
FUZZ ?= 400
fuzz: $(COMPILED)
	HOMESTRETCH_FUZZ=$(FUZZ) nice $(BIN)/python -m pytest -p no:cacheprovider -n auto tests/fuzz

clean:
	rm -rf $(VENV)
