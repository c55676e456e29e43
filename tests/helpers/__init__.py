"""Code the tests share: the independent references, the servers and browser they drive,
the comparisons of the kernel with the engine, and where the repository's files are.

Every test folder imports these as ``helpers.<module>`` (pyproject.toml puts ``tests``
on the path); no test module imports another test module.
"""
