package postgres_test

import (
	"os"
	"testing"

	"github.com/lkmlbench/lkmlbench/internal/pgtest"
)

// TestMain starts a PostgreSQL server for the tests when
// LKMLBENCH_TEST_POSTGRES names none (see internal/pgtest).
func TestMain(m *testing.M) { os.Exit(pgtest.WithServer(m).Run()) }
