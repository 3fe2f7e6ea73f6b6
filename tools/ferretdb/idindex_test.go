package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// startEngine runs FerretDB on SQLite in dir, as the launcher does, and connects to it.
func startEngine(t *testing.T, dir string) *mongo.Client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: "127.0.0.1:0"},
		Logger:    slog.New(slog.NewTextHandler(io.Discard, nil)),
		Handler:   "sqlite",
		SQLiteURL: "file:" + dir + "/",
	})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = f.Run(ctx); close(done) }()
	client, err := mongo.Connect(ctx, options.Client().ApplyURI(f.MongoDBURI()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = client.Disconnect(context.Background())
		cancel()
		<-done
	})
	return client
}

// plan returns the SQLite query plan FerretDB reports for a find with this filter.
func plan(t *testing.T, coll *mongo.Collection, filter bson.D) string {
	t.Helper()
	// EXPLAIN QUERY PLAN is not executed, so SQLite does not check a connection's cached schema
	// for it; a real query first makes FerretDB's connection load the current schema.
	_ = coll.FindOne(context.Background(), filter).Err()
	var res bson.M
	err := coll.Database().RunCommand(context.Background(), bson.D{
		{Key: "explain", Value: bson.D{{Key: "find", Value: coll.Name()}, {Key: "filter", Value: filter}}},
	}).Decode(&res)
	if err != nil {
		t.Fatal(err)
	}
	if res["filterPushdown"] != true {
		t.Fatalf("filter %v was not pushed down to SQLite: %v", filter, res)
	}
	qp, _ := res["queryPlanner"].(bson.M)
	return fmt.Sprint(qp["Plan"])
}

func TestIDLookupsUseTheExpressionIndex(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	client := startEngine(t, dir)
	db := client.Database("shop")
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	keeper := newIndexKeeper(dir, logger)

	products := db.Collection("products")
	oid := primitive.NewObjectID()
	docs := []any{bson.D{{Key: "_id", Value: oid}, {Key: "name", Value: "Kettle"}}}
	for i := range 200 {
		docs = append(docs, bson.D{{Key: "name", Value: fmt.Sprint("item ", i)}})
	}
	if _, err := products.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	// A collection keyed by strings, as natural keys would be.
	keys := db.Collection("idempotencyKeys")
	if _, err := keys.InsertOne(ctx, bson.D{{Key: "_id", Value: "key-1"}}); err != nil {
		t.Fatal(err)
	}

	// What FerretDB alone does: its own `_id_` index is on another expression, so a scan.
	before := plan(t, products, bson.D{{Key: "_id", Value: oid}})
	if !strings.Contains(before, "SCAN") || strings.Contains(before, "USING INDEX") {
		t.Fatalf("expected a full scan without the extra index, got %s", before)
	}

	if n := keeper.pass(ctx); n != 2 {
		t.Fatalf("expected 2 tables indexed, got %d", n)
	}
	for _, c := range []struct {
		coll *mongo.Collection
		id   any
	}{{products, oid}, {keys, "key-1"}} {
		got := plan(t, c.coll, bson.D{{Key: "_id", Value: c.id}})
		if !strings.Contains(got, "SEARCH") || !strings.Contains(got, "USING INDEX "+idIndexPrefix) {
			t.Fatalf("%s: expected an index search, got %s", c.coll.Name(), got)
		}
	}

	// The lookups still answer the right documents, and updates by _id still apply.
	var found bson.M
	if err := products.FindOne(ctx, bson.D{{Key: "_id", Value: oid}}).Decode(&found); err != nil {
		t.Fatal(err)
	}
	if found["name"] != "Kettle" {
		t.Fatalf("found %v", found)
	}
	if _, err := products.UpdateByID(ctx, oid, bson.D{{Key: "$set", Value: bson.D{{Key: "name", Value: "Teapot"}}}}); err != nil {
		t.Fatal(err)
	}
	if err := products.FindOne(ctx, bson.D{{Key: "_id", Value: oid}}).Decode(&found); err != nil {
		t.Fatal(err)
	}
	if found["name"] != "Teapot" {
		t.Fatalf("after update found %v", found)
	}

	// FerretDB does not list the extra index.
	cur, err := products.Indexes().List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var idx []bson.M
	if err := cur.All(ctx, &idx); err != nil {
		t.Fatal(err)
	}
	if len(idx) != 1 || idx[0]["name"] != "_id_" {
		t.Fatalf("listIndexes: %v", idx)
	}

	// Nothing changed: the next pass skips the file; a new collection, in a new database
	// too, gets its index from the running poll.
	if n := keeper.pass(ctx); n != 0 {
		t.Fatalf("expected nothing to index, got %d", n)
	}
	pollCtx, stop := context.WithCancel(ctx)
	defer stop()
	go keeper.run(pollCtx, 50*time.Millisecond)

	later := client.Database("other").Collection("orders")
	if _, err := later.InsertOne(ctx, bson.D{{Key: "_id", Value: "o-1"}}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		got := plan(t, later, bson.D{{Key: "_id", Value: "o-1"}})
		if strings.Contains(got, "USING INDEX "+idIndexPrefix) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the poll did not index a new collection: %s", got)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// Dropping a collection and a database works, and the keeper never recreates a dropped
	// database's file.
	if err := later.Drop(ctx); err != nil {
		t.Fatal(err)
	}
	if err := client.Database("other").Drop(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if m, _ := filepath.Glob(filepath.Join(dir, "other.sqlite")); len(m) != 0 {
		t.Fatalf("dropped database file came back: %v", m)
	}
}
