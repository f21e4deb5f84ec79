"""The `homestretch` command: one sub-command group per game."""
