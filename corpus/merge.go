package corpus

import (
	"context"

	"github.com/lkmlbench/lkmlbench/export/store"
)

// mergeBatch is the number of records per transaction of Merge's
// destination: large enough that commits do not dominate, small enough to
// keep a batch's memory flat.
const mergeBatch = 2000

// Merge replays every record of the sources, one after another, into dst
// through dst.Put, the path a crawl takes, so messages stored in several
// are kept once and quoted copies of a table held by different shards
// fold into one table. Records keep their reading positions (Seq and each
// table's store.Place), by which dst folds and numbers tables: merging
// the shards of a crawl, in any order, gives what one crawl of the whole
// archive gives. It returns what dst gained.
func Merge(ctx context.Context, dst store.Store, srcs ...store.Store) (store.PutStats, error) {
	var total store.PutStats
	batch := make([]store.Record, 0, mergeBatch)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		st, err := dst.Put(ctx, batch)
		if err != nil {
			return err
		}
		total.Add(st)
		batch = batch[:0]
		return nil
	}
	for _, src := range srcs {
		err := src.Each(ctx, func(r *store.Record) error {
			batch = append(batch, *r)
			if len(batch) == mergeBatch {
				return flush()
			}
			return nil
		})
		if err != nil {
			return total, err
		}
	}
	return total, flush()
}
