// Command ferretdb-embedded runs FerretDB on SQLite for the shop's embedded database.
//
// It uses FerretDB's embeddable package rather than its own command because the
// command refuses to start when built outside FerretDB's release tooling. It prints
// the MongoDB URI it listens on as its first line of output, and stops when its
// standard input closes, so it never outlives the server that started it.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	dir := flag.String("dir", "data/ferretdb", "directory of the SQLite databases")
	addr := flag.String("listen", "127.0.0.1:0", "TCP address to listen on")
	interval := flag.Duration("index-interval", time.Second,
		"how often to look for new collections to give an index on FerretDB's _id expression (0: never)")
	flag.Parse()

	if err := run(*dir, *addr, *interval); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb-embedded:", err)
		os.Exit(1)
	}
}

func run(dir, addr string, interval time.Duration) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return err
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: addr},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
	})
	if err != nil {
		return err
	}

	// Existing collections get their _id expression index before any query is served.
	keeper := newIndexKeeper(abs, logger)
	if interval > 0 {
		keeper.pass(context.Background())
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	go func() {
		// The parent holds our stdin open; EOF means it is gone.
		_, _ = io.Copy(io.Discard, os.Stdin)
		cancel()
	}()

	if interval > 0 {
		go keeper.run(ctx, interval)
	}

	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()

	// MongoDBURI waits until the listener is bound.
	fmt.Println(f.MongoDBURI())

	return <-done
}
