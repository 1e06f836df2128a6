"""Generala, five dice and a score sheet: rules, notation, computer players, table."""
