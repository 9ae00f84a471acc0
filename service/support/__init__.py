"""Small leaf modules every layer may use: settings from the environment (config), the
application error (errors), logging set-up (logs) and Prometheus metrics (metrics).

May import: nothing of service/ (and nothing of domain/)."""
