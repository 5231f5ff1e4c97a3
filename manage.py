#!/usr/bin/env python
"""Django's command-line utility for Kayfabe."""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    from config.modes import ConfigurationError

    try:
        from django.core.management import execute_from_command_line

        execute_from_command_line(sys.argv)
    except ConfigurationError as exc:
        sys.stderr.write(f"Kayfabe configuration error: {exc}\n")
        sys.exit(2)


if __name__ == "__main__":
    main()
