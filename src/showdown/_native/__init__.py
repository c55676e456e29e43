"""The optional C kernel: its sources and, once built, the extension ``_kernel``.

Only :mod:`showdown.hands.native` imports the extension; it chooses the backend
and hands the kernel its tables.
"""
