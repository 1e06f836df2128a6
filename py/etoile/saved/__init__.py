"""What the browser keeps: the storage records, the history of finished games and the statistics read from it."""
