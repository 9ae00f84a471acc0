"""The HTTP shell around the pure domain: event store, API, live streams and the CLI."""
