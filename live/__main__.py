from live.edges.cli import main

raise SystemExit(main())
