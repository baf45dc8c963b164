// Package gitgo reads public-inbox v2 epochs (N.git) with go-git, the
// pure-Go fallback for machines without a git binary: it yields the raw
// message stored in each commit, oldest first, with the id of its blob. It is a leaf package so
// that only the crawl links go-git: mbox/ and parse/ never import it.
//
//	err := gitgo.Messages(ctx, "lkml/git/7.git", "", func(commit string, blob [20]byte, data []byte) error {
//		return handle(commit, data)
//	}, func(commit string, err error) error {
//		return report(commit, err) // a commit that could not be read
//	})
package gitgo
