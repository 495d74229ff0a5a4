"""Storm over Stalingrad's rules package (``package.SOS``)."""
