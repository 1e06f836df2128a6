"""Game packages that live with the tests: registered by the tests that need them, like the app's own games."""
