"""``python -m c2llm``: the same as the ``c2llm`` command."""

import sys

from .cli import main

sys.exit(main())
