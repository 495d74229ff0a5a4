from sdbp_module.cli import main

main()
