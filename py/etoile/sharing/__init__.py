"""What travels between devices: game links, and play by link."""
