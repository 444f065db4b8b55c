"""placeholder: being written"""


def register(subparsers):
    pass
