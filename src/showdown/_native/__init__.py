"""The optional C99 kernel: ``kernel.h`` and one ``.c`` file per concern, built by
setuptools into the extension ``_kernel`` (the method table is in ``module.c``).

Only :mod:`showdown.hands.native` imports the extension; it chooses the backend
and hands the kernel its tables as buffers.
"""
