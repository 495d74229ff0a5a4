"""``sdbp audit``: every log of a folder checked in worker processes, a report per log, a summary and an index.

``run`` finds the logs and checks each one (``LogAuditor``, in a process pool), ``index`` turns the
results into ``summary.json`` (``schemas/audit-summary.schema.json``) and ``index.html``, and
``commands.run_audit`` is what the CLI calls.
"""
