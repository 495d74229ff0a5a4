"""Codec layers for VASSAL saves and logs: container ⇄ envelope ⇄ text ⇄ commands ⇄ pieces ⇄ JSON."""
