package main

// Index-backed `_id` lookups for FerretDB 1.24 on SQLite.
//
// FerretDB pushes a filter down to SQLite only when it is exactly {_id: <string or ObjectId>},
// and then as `WHERE _ferretdb_sjson->'$._id' = ?` (internal/backends/sqlite/collection.go,
// Query, Explain, UpdateAll; DeleteAll uses `_ferretdb_sjson->'$._id' IN (...)`). The `_id`
// index FerretDB creates for every collection is on `_ferretdb_sjson->"_id"`
// (metadata/registry.go, indexesCreate), a different expression, and SQLite matches an
// expression index only to an identical expression, so every such lookup scans the table.
//
// This file adds, beside FerretDB's own index, one on the exact expression its queries use,
// for every collection table listed in each database's `_ferretdb_collections` table: at
// start, and then on a short poll, for collections created later. FerretDB does not list the
// extra index (it only knows the indexes in its own metadata), DROP TABLE removes it with the
// table, and FerretDB's own unique `_id_` index keeps enforcing uniqueness.

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the same driver FerretDB's SQLite backend uses
)

const (
	// idExpression is FerretDB's metadata.IDColumn: the expression of its pushed-down `_id` filters.
	idExpression = `_ferretdb_sjson->'$._id'`
	// idIndexPrefix names the extra index; FerretDB's own indexes are named <table>_<index name>.
	idIndexPrefix = "bazaar_id_path_"
	// metadataTable lists a database's collections and their tables.
	metadataTable = "_ferretdb_collections"
)

func idIndexName(table string) string { return idIndexPrefix + table }

// openExisting opens an existing SQLite database file with the settings FerretDB's pool uses
// (busy_timeout(10000), journal_mode(wal)), without ever creating the file: a database being
// dropped must not reappear empty.
func openExisting(path string) (*sql.DB, error) {
	q := url.Values{}
	q.Set("mode", "rw")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(wal)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

// ensureIDIndexes creates the missing `_id` expression indexes in one database file and
// returns the tables it indexed.
func ensureIDIndexes(ctx context.Context, path string) ([]string, error) {
	db, err := openExisting(path)
	if err != nil {
		return nil, err
	}
	defer db.Close()

	var hasMetadata int
	err = db.QueryRowContext(ctx,
		`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, metadataTable,
	).Scan(&hasMetadata)
	if err != nil {
		return nil, err
	}
	if hasMetadata == 0 {
		return nil, errNotReady
	}

	rows, err := db.QueryContext(ctx, fmt.Sprintf(
		`SELECT c.table_name FROM %q c
		 WHERE EXISTS (SELECT 1 FROM sqlite_master t WHERE t.type = 'table' AND t.name = c.table_name)
		   AND NOT EXISTS (SELECT 1 FROM sqlite_master i WHERE i.type = 'index' AND i.name = ? || c.table_name)`,
		metadataTable,
	), idIndexPrefix)
	if err != nil {
		return nil, err
	}
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return nil, err
		}
		tables = append(tables, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	var created []string
	for _, t := range tables {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`, idIndexName(t), t, idExpression)
		if _, err := db.ExecContext(ctx, q); err != nil {
			// The table may have been dropped meanwhile; the next pass looks again.
			return created, fmt.Errorf("%s: %w", t, err)
		}
		created = append(created, t)
	}
	return created, nil
}

var errNotReady = fmt.Errorf("database has no %s table yet", metadataTable)

// indexKeeper runs ensureIDIndexes over every database file in dir, skipping files whose
// database and WAL files have not changed since their last complete pass.
type indexKeeper struct {
	dir    string
	logger *slog.Logger
	seen   map[string]string
}

func newIndexKeeper(dir string, logger *slog.Logger) *indexKeeper {
	return &indexKeeper{dir: dir, logger: logger, seen: map[string]string{}}
}

func fileStamp(path string) string {
	var b strings.Builder
	for _, p := range []string{path, path + "-wal"} {
		if st, err := os.Stat(p); err == nil {
			fmt.Fprintf(&b, "%d:%d;", st.Size(), st.ModTime().UnixNano())
		} else {
			b.WriteString("-;")
		}
	}
	return b.String()
}

// pass indexes every database once; it returns how many tables it indexed.
func (k *indexKeeper) pass(ctx context.Context) int {
	files, err := filepath.Glob(filepath.Join(k.dir, "*.sqlite"))
	if err != nil {
		k.logger.Warn("listing databases", "err", err)
		return 0
	}
	live := map[string]bool{}
	n := 0
	for _, f := range files {
		live[f] = true
		stamp := fileStamp(f)
		if k.seen[f] == stamp {
			continue
		}
		created, err := ensureIDIndexes(ctx, f)
		n += len(created)
		for _, t := range created {
			k.logger.Debug("created _id expression index", "db", filepath.Base(f), "table", t)
		}
		if err != nil {
			if err != errNotReady && ctx.Err() == nil {
				k.logger.Warn("indexing _id", "db", filepath.Base(f), "err", err)
			}
			delete(k.seen, f)
			continue
		}
		// Creating an index changes the files; take the stamp after it.
		k.seen[f] = fileStamp(f)
	}
	for f := range k.seen {
		if !live[f] {
			delete(k.seen, f)
		}
	}
	return n
}

// run repeats pass every interval until ctx ends.
func (k *indexKeeper) run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			k.pass(ctx)
		}
	}
}
