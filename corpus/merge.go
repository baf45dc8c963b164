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
// table's store.Place), by which dst folds and numbers tables, moved as
// one after every message dst holds (store.Sequencer): merging the shards
// of a crawl into an empty database, in any order, gives what one crawl
// of the whole archive gives, and merging another crawl into a database
// adds it after what the database held, as a later crawl would. It
// returns what dst gained.
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
	var after int64
	if sq, ok := dst.(store.Sequencer); ok {
		var err error
		if after, err = sq.NextSeq(ctx); err != nil {
			return total, err
		}
	}
	for _, src := range srcs {
		err := src.Each(ctx, func(r *store.Record) error {
			r.Seq += after
			for i := range r.Places {
				r.Places[i].FirstSeq += after
			}
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
