from rules.cli import main

raise SystemExit(main())
