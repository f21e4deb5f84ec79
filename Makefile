# Two commands do all set-up on a fresh machine with Python 3.11+:
#   make run   - create .venv, install, run the Champagne Stakes in Fullplay with the race call
#   make test  - the same set-up, then lint, type-check and the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
COMPILED := $(VENV)/.compiled
EXACT_LOOPS := $(addprefix src/homestretch/games/stretch/analysis/,exact_compiled.py exact_compiled_three.py exact_noalias.py)
# what the kept standard sets are keyed by (core/kept.py): an edit makes them again at set-up
KEPT_SOURCES := $(wildcard src/homestretch/core/*.py) $(wildcard src/homestretch/games/stretch/content/*.py)

.PHONY: run test setup lint clean fuzz

# Said before a word of set-up: a Python too old would fail deep in pip's output
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0) if sys.version_info >= (3, 11) else sys.exit("homestretch needs Python 3.11 or newer; $(PYTHON) is " + sys.version.split()[0] + ". Name a newer one: make run PYTHON=python3.12")'
	@echo 'Setting up in .venv (once; outside this folder only your cache folder is written, in step 3):'
	@echo '  1/3 a virtual environment, then homestretch and its libraries installed into it (a few minutes; pip prints nothing until it is done)'
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip
	@$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# Again whenever the loops or the kept sets' sources change (after a pull too), so no `odds`
# waits for the compiler or for pydantic
$(COMPILED): $(STAMP) $(EXACT_LOOPS) $(KEPT_SOURCES)
	@echo '  2/3 compiling the exact-odds loops (a minute or two; longer on a busy machine), so no `stretch odds` waits for them'
	@$(BIN)/python -m homestretch.games.stretch.analysis.exact_compiled
	@echo '  3/3 checking the bundled cards and charts once and keeping them, so no command waits for that'
	@$(BIN)/python -m compileall -q src  # the first command, too, starts from bytecode
	@# the standard sets checked once and kept (core/kept.py), the cards as plain data for `odds` (content/race_plain.py)
	@$(BIN)/python -c 'from homestretch.games.stretch.content import card_set, chart_set, race_plain; card_set.load_card_set(); chart_set.load_chart_set(); race_plain.kept_content()'
	@touch $(COMPILED)
	@echo 'Set up. The command is $(BIN)/homestretch (or run `. $(BIN)/activate` once, then `homestretch`).'

setup: $(COMPILED)

run: $(COMPILED)
	@echo 'Running the Champagne Stakes of 2009 in Fullplay: $(BIN)/homestretch stretch run 2009-champagne-stakes --mode full'
	@$(BIN)/homestretch stretch run 2009-champagne-stakes --mode full
	@echo
	@echo 'Next: $(BIN)/homestretch --help lists the four games; $(BIN)/homestretch stretch races lists the sample races;'
	@echo '`$(BIN)/homestretch serve` opens the games to a browser; the README says more. `make test` runs the tests.'

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
