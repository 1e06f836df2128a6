"""What the browser keeps: the player's settings, the storage records, the history of finished games, its statistics."""
