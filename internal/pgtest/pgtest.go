// Package pgtest gives tests a fresh database on a PostgreSQL server: the
// one LKMLBENCH_TEST_POSTGRES names (scripts/pg-test-server.sh starts one
// and prints the setting; .ci/run does so), else one that WithServer
// starts for the test binary with the same script when the server
// binaries are installed.
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.WithServer(m).Run()) }
//
//	url := pgtest.Database(t) // postgres://.../lkb_test_..., dropped at the end
//	st, err := postgres.Open(ctx, url)
//
// When there is no server the test is skipped with a message saying why,
// except under CI=true, where it fails: CI must not pass by skipping the
// store's tests.
package pgtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Env is the variable that names the test server.
const Env = "LKMLBENCH_TEST_POSTGRES"

// noServer says why WithServer found no server, for the skip message.
var noServer = Env + " is unset"

// TestingM is what a TestMain runs: *testing.M, or what testscript.Main
// takes.
type TestingM interface {
	Run() int
}

// WithServer wraps m: when Env is unset, Run starts a server with
// scripts/pg-test-server.sh (never installing packages), sets Env for the
// tests and stops the server after them. If none can be started the
// tests run without one, and those that need it skip.
func WithServer(m TestingM) TestingM { return withServer{m} }

type withServer struct{ m TestingM }

func (w withServer) Run() int {
	if os.Getenv(Env) != "" {
		return w.m.Run()
	}
	stop, err := start()
	if err != nil {
		noServer = fmt.Sprintf("%s is unset and no server could be started (%v)", Env, err)
		return w.m.Run()
	}
	defer stop()
	return w.m.Run()
}

// start runs scripts/pg-test-server.sh in a temporary folder and sets
// Env to the server it started.
func start() (stop func(), err error) {
	_, self, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(self), "..", "..", "scripts", "pg-test-server.sh")
	dir, err := os.MkdirTemp("", "lkb-pgtest-")
	if err != nil {
		return nil, err
	}
	stop = func() {
		exec.Command("bash", script, "stop", dir).Run()
		os.RemoveAll(dir)
	}
	cmd := exec.Command("bash", script, "start", dir)
	cmd.Env = append(os.Environ(), "PG_TEST_NO_INSTALL=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		stop()
		return nil, fmt.Errorf("%s: %v: %s", script, err, strings.TrimSpace(stderr.String()))
	}
	_, u, ok := strings.Cut(strings.TrimSpace(stdout.String()), "export "+Env+"=")
	if !ok {
		stop()
		return nil, fmt.Errorf("%s printed no %s: %q", script, Env, stdout.String())
	}
	os.Setenv(Env, u)
	return stop, nil
}

// Database creates an empty database on the test server and returns its
// URL; the database is dropped when the test ends.
func Database(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no PostgreSQL server under CI=true: %s; .ci/run starts one with scripts/pg-test-server.sh", noServer)
		}
		t.Skipf("no PostgreSQL server: %s (start one with: eval \"$(scripts/pg-test-server.sh start /tmp/lkb-pg)\")", noServer)
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
