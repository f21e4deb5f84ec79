"""The rules-engine API every game shares (DESIGN.md section 2)."""
