// Package pgtest gives tests a fresh database on the PostgreSQL server
// named by LKMLBENCH_TEST_POSTGRES (scripts/pg-test-server.sh starts one
// and prints the setting; .ci/run does so for CI).
//
//	url := pgtest.Database(t) // postgres://.../lkb_test_..., dropped at the end
//	st, err := postgres.Open(ctx, url)
//
// Without the variable the test is skipped with a message saying how to
// start a server, except under CI=true, where a test that cannot reach
// its server fails: CI must not pass by skipping the store's tests.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Env is the variable that names the test server.
const Env = "LKMLBENCH_TEST_POSTGRES"

// Database creates an empty database on the test server and returns its
// URL; the database is dropped when the test ends.
func Database(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set under CI=true: .ci/run starts a server with scripts/pg-test-server.sh", Env)
		}
		t.Skipf("no PostgreSQL server: %s is unset (start one with: eval \"$(scripts/pg-test-server.sh start /tmp/lkb-pg)\")", Env)
	}
	ctx := context.Background()
	cfg, err := pgx.ParseConfig(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s=%q: want a postgres:// URL", Env, base)
	}
	admin, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatalf("%s: cannot reach the test server: %v", Env, err)
	}
	defer admin.Close(ctx)
	var b [6]byte
	rand.Read(b[:])
	name := "lkb_test_" + hex.EncodeToString(b[:])
	u.Path = "/" + name
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("creating the test database: %v", err)
	}
	t.Cleanup(func() {
		conn, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			t.Errorf("dropping %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("dropping %s: %v", name, err)
		}
	})
	return u.String()
}
