"""Running untrusted code: the sandbox, and a sandboxed process that answers many requests."""
