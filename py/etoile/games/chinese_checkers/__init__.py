"""Chinese checkers, with the long-jump variant: board, rules, notation, computer players, table."""
