package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/lkmlbench/lkmlbench/corpus"
	"github.com/lkmlbench/lkmlbench/export/postgres"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/internal/pgtest"
)

// crawlJob reads deploy/crawl-job.yaml into the Job type the Kubernetes
// API server itself decodes, refusing any field that type does not have
// (a misspelt key would otherwise be dropped by the server without a
// word), and returns the Job and its one container.
func crawlJob(t *testing.T) (*batchv1.Job, corev1.Container) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", "crawl-job.yaml"))
	require.NoError(t, err)
	var job batchv1.Job
	require.NoError(t, yaml.UnmarshalStrict(data, &job), "deploy/crawl-job.yaml")
	require.Len(t, job.Spec.Template.Spec.Containers, 1)
	return &job, job.Spec.Template.Spec.Containers[0]
}

// TestCrawlJobManifest checks what the Job must hold for its pods to
// split the archive between them: Indexed completions, JOB_COMPLETIONS
// equal to them (Kubernetes sets only the index), no --shard in the args
// (it would give every pod the same share), the archive mounted
// read-only, and memory above the crawl's bounded peak.
func TestCrawlJobManifest(t *testing.T) {
	job, c := crawlJob(t)
	assert.Equal(t, "batch/v1", job.APIVersion)
	assert.Equal(t, "Job", job.Kind)
	require.NotNil(t, job.Spec.CompletionMode)
	assert.Equal(t, batchv1.IndexedCompletion, *job.Spec.CompletionMode)
	require.NotNil(t, job.Spec.Completions)
	completions := int(*job.Spec.Completions)
	assert.Greater(t, completions, 1)
	assert.Equal(t, strconv.Itoa(completions), envValue(c, corpus.EnvShardCount), "JOB_COMPLETIONS must equal spec.completions")
	assert.Empty(t, envValue(c, corpus.EnvShardIndex), "Kubernetes sets JOB_COMPLETION_INDEX itself")
	assert.Equal(t, corev1.RestartPolicyNever, job.Spec.Template.Spec.RestartPolicy)
	require.NotEmpty(t, c.Args)
	assert.Equal(t, "crawl", c.Args[0])
	for _, a := range c.Args {
		assert.NotContains(t, a, "--shard", "the share comes from the pod's index")
	}
	db := expandArgs(c.Args, c)
	i := indexOf(db, "--db")
	require.GreaterOrEqual(t, i, 0, "args: %q", c.Args)
	assert.Regexp(t, `^postgres(ql)?://`, db[i+1], "every pod writes one shared database")
	assert.NotContains(t, db[i+1], ":"+"password@", "no password in the URL: PGPASSWORD comes from a secret")
	var pw *corev1.EnvVar
	for k := range c.Env {
		if c.Env[k].Name == "PGPASSWORD" {
			pw = &c.Env[k]
		}
	}
	require.NotNil(t, pw)
	require.NotNil(t, pw.ValueFrom)
	assert.NotNil(t, pw.ValueFrom.SecretKeyRef)

	require.Len(t, c.VolumeMounts, 1)
	assert.True(t, c.VolumeMounts[0].ReadOnly, "the archive is mounted read-only")
	assert.Contains(t, c.Args, c.VolumeMounts[0].MountPath, "the crawl reads the mounted archive")
	limit := c.Resources.Limits[corev1.ResourceMemory]
	assert.GreaterOrEqual(t, limit.Value(), int64(300<<20), "memory limit: twice the crawl's 150 MB peak")
}

// TestCrawlJobPods runs the Job's pods as Kubernetes would, as separate
// processes at once: each with the container's args and environment, its
// own JOB_COMPLETION_INDEX, the archive at the mount path replaced by a
// folder of fixtures and the database by a fresh one on the test server.
// Together they must store exactly what one crawl into SQLite stores.
func TestCrawlJobPods(t *testing.T) {
	job, c := crawlJob(t)
	url := pgtest.Database(t)
	dir := t.TempDir()
	archive := filepath.Join(dir, "archive")
	require.NoError(t, os.Mkdir(archive, 0o755))
	writeList(t, filepath.Join(archive, "list.mbox"), 300)
	example, err := os.ReadFile(filepath.Join("..", "..", "testdata", "example-thread.mbox"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(archive, "example.mbox"), example, 0o644))
	runCLI(t, dir, "crawl", "--db", "one.db", archive)

	mount := c.VolumeMounts[0].MountPath
	completions := int(*job.Spec.Completions)
	var pods []*exec.Cmd
	var logs []*bytes.Buffer
	for index := 0; index < completions; index++ {
		env := map[string]string{"LKMLBENCH_DB": url, corpus.EnvShardIndex: strconv.Itoa(index), "PGPASSWORD": ""}
		for _, e := range c.Env {
			if _, set := env[e.Name]; !set && e.ValueFrom == nil {
				env[e.Name] = e.Value
			}
		}
		args := expandArgs(c.Args, corev1.Container{Env: toEnv(env)})
		for k, a := range args {
			if a == mount {
				args[k] = archive
			}
		}
		cmd := exec.Command("lkmlbench", args...)
		cmd.Dir = dir
		cmd.Env = os.Environ()
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		var log bytes.Buffer
		cmd.Stderr = &log
		require.NoError(t, cmd.Start())
		pods, logs = append(pods, cmd), append(logs, &log)
	}
	for i, cmd := range pods {
		require.NoError(t, cmd.Wait(), "pod %d: %s", i, logs[i])
	}

	one, err := sqlite.Open(filepath.Join(dir, "one.db"))
	require.NoError(t, err)
	defer one.Close()
	pg, err := postgres.Open(t.Context(), url)
	require.NoError(t, err)
	defer pg.Close()
	want := records(t, one)
	require.NotEmpty(t, want)
	assert.Equal(t, want, records(t, pg))
}

// envValue is the literal value of the container's variable name.
func envValue(c corev1.Container, name string) string {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value
		}
	}
	return ""
}

func toEnv(m map[string]string) []corev1.EnvVar {
	var out []corev1.EnvVar
	for k, v := range m {
		out = append(out, corev1.EnvVar{Name: k, Value: v})
	}
	return out
}

// varRef is the $(NAME) reference the kubelet expands in a container's
// args from its environment.
var varRef = regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)

// expandArgs expands $(NAME) in args as the kubelet does: a defined
// variable's literal value, an undefined reference left as written.
func expandArgs(args []string, c corev1.Container) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = varRef.ReplaceAllStringFunc(a, func(ref string) string {
			name := varRef.FindStringSubmatch(ref)[1]
			for _, e := range c.Env {
				if e.Name == name && e.ValueFrom == nil {
					return e.Value
				}
			}
			return ref
		})
	}
	return out
}

func indexOf(args []string, s string) int {
	for i, a := range args {
		if a == s {
			return i
		}
	}
	return -1
}
