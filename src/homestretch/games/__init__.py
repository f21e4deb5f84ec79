"""The games. Each sub-package exposes ``ENTRY`` (see homestretch.core.registry)."""
