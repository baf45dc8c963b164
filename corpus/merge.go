package corpus

import "context"

// mergeBatch is the number of records per transaction of Merge's
// destination: large enough that commits do not dominate, small enough to
// keep a batch's memory flat.
const mergeBatch = 2000

// Merge replays every record of src into dst through dst.Put, the path a
// crawl takes, so messages stored in both are kept once and quoted copies
// of a table held by different shards fold into one table. It returns
// what dst gained.
func Merge(ctx context.Context, dst, src Store) (PutStats, error) {
	var total PutStats
	batch := make([]Record, 0, mergeBatch)
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
	err := src.Each(ctx, func(r *Record) error {
		batch = append(batch, *r)
		if len(batch) == mergeBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	return total, err
}
