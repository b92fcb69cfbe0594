// Klinik's addition to FerretDB v1.24.2's handler (copied into its source tree by the project's launcher,
// api/src/db/launcher.ts, FERRETDB_PATCH): the find and aggregate commands offer the SQLite backend a sort with its
// skip and limit, and a count, which it does itself when its WHERE clause is exact (backends/sqlite/klinik_pushdown.go
// says when, and why that is safe). Backends that do not take the offer answer as upstream does.
package handler

import (
	"math"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/handler/common"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// klinikOfferSort offers the backend the find's sort, skip and limit, when the backend was given the whole filter
// (no dotted field taken out) of a collection that is not capped.
func klinikOfferSort(qp *backends.QueryParams, params *common.FindParams, capped bool) {
	if capped || params.Sort.Len() == 0 || params.Skip < 0 || params.Limit < 0 || qp.Filter.Len() != params.Filter.Len() {
		return
	}

	qp.KlinikSort, qp.KlinikSkip, qp.KlinikLimit = params.Sort, params.Skip, params.Limit
}

// klinikFindParams are the find's parameters for the handler's own iterators: without the skip when the backend has
// sorted, skipped and limited (sorting and limiting its answer again changes nothing).
func klinikFindParams(params *common.FindParams, res *backends.QueryResult) *common.FindParams {
	if !res.KlinikPaged {
		return params
	}

	applied := *params
	applied.Skip = 0

	return &applied
}

// klinikCountAs answers, for countDocuments' pipeline `[{$match: filter}, {$group: {_id: <constant>, n: {$sum: 1}}}]`
// whose whole filter the backend was given, the document the group makes (its count still 0); else nil.
func klinikCountAs(stages []any, qp *backends.QueryParams) *types.Document {
	if len(stages) != 2 {
		return nil
	}

	match, ok := stages[0].(*types.Document)
	if !ok || match.Len() != 1 || match.Keys()[0] != "$match" {
		return nil
	}

	filter, ok := must.NotFail(match.Get("$match")).(*types.Document)
	if !ok || qp.Filter.Len() != filter.Len() {
		return nil
	}

	group, ok := stages[1].(*types.Document)
	if !ok || group.Len() != 1 || group.Keys()[0] != "$group" {
		return nil
	}

	spec, ok := must.NotFail(group.Get("$group")).(*types.Document)
	if !ok || spec.Len() != 2 || spec.Keys()[0] != "_id" {
		return nil
	}

	id := must.NotFail(spec.Get("_id"))
	switch id := id.(type) {
	case int32, int64, float64, bool, types.NullType:
	case string:
		if len(id) > 0 && id[0] == '$' {
			return nil
		}
	default:
		return nil
	}

	name := spec.Keys()[1]
	if name == "" || name[0] == '$' {
		return nil
	}

	sum, ok := must.NotFail(spec.Get(name)).(*types.Document)
	if !ok || sum.Len() != 1 || sum.Keys()[0] != "$sum" {
		return nil
	}

	switch one := must.NotFail(sum.Get("$sum")).(type) {
	case int32:
		if one != 1 {
			return nil
		}
	case int64:
		if one != 1 {
			return nil
		}
	case float64:
		if one != 1 {
			return nil
		}
	default:
		return nil
	}

	return must.NotFail(types.NewDocument("_id", id, name, int32(0)))
}

// klinikCountIter is the group's answer for a count the backend made: one document, or none for no match (as
// $group answers).
func klinikCountIter(as *types.Document, count int64) types.DocumentsIterator {
	var docs []*types.Document

	if count > 0 {
		doc := as.DeepCopy()
		key := doc.Keys()[1]

		if count <= math.MaxInt32 {
			doc.Set(key, int32(count))
		} else {
			doc.Set(key, count)
		}

		docs = append(docs, doc)
	}

	return iterator.Values(iterator.ForSlice(docs))
}
