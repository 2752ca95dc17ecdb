"""The tests of clustval, in folders that mirror src/clustval (docs/development.md)."""
