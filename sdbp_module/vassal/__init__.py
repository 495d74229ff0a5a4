"""vassal."""
