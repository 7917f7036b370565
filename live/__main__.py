from live.cli import main

raise SystemExit(main())
