"""421, the French bar dice game: rules, notation, computer players, table."""
