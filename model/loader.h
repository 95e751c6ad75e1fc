// The one entry point from files to a Cluster: walks paths (files, directories
// recursively for .yaml/.yml/.json, "-" for stdin), parses YAML and JSON with
// positions, splits multi-document streams and `kind: List` / `*List` exports,
// decodes known kinds and counts the rest as skipped.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/result.h"
#include "model/yaml/node.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kg::model {

/// Defaults of the input size limits (documented in kueuegov(1) and --help).
inline constexpr std::uint64_t k_default_max_file_bytes = 256ull << 20;    // 256 MiB
inline constexpr std::uint64_t k_default_max_total_bytes = 1024ull << 20;  // 1 GiB
inline constexpr std::size_t k_default_max_nodes = 2'000'000;
inline constexpr std::size_t k_default_max_mapping_keys = 100'000;

struct LoadOptions {
    /// Keep file texts in Cluster::files so diagnostics can show the source line.
    bool keep_text = true;
    /// Maximum nesting depth of a document; deeper input is rejected with a diagnostic.
    std::size_t max_depth = 256;
    /// Maximum nodes produced by alias expansion in one document (alias-bomb guard).
    std::size_t max_alias_nodes = 1'000'000;
    /// Maximum nodes (scalars, mappings, sequences) in one object: a document, or one
    /// item of a List export; a larger one is rejected with a diagnostic (`--max-nodes-per-object`).
    std::size_t max_nodes = k_default_max_nodes;
    /// Maximum keys in one mapping (`--max-mapping-keys`).
    std::size_t max_mapping_keys = k_default_max_mapping_keys;
    /// Maximum bytes read from one file (or stdin, a FIFO, a device); reading stops
    /// there with an error instead of growing without bound (`--max-input-bytes`).
    std::uint64_t max_file_bytes = k_default_max_file_bytes;
    /// Maximum bytes read by one run over all its inputs (`--max-total-input-bytes`).
    std::uint64_t max_total_bytes = k_default_max_total_bytes;
    /// Bytes the run has read so far, shared by every reader of one command (manifests, policy,
    /// baseline, trace, templates, keys), so the run limit bounds them all; null: each
    /// load_paths or read_limited call counts on its own.
    std::uint64_t* run_read = nullptr;
    /// Parse the items of a large `kubectl get -o yaml|json` List export in batches on
    /// two threads (objects, diagnostics and positions are those of the one-pass parse).
    bool parallel_lists = true;
    /// Target size of one batch of List items; a document no larger than this is
    /// parsed in one pass.
    std::size_t list_batch_bytes = 32 * 1024;
    /// Read plain one-object YAML documents with the fast reader (model/yaml/simple_block),
    /// which declines to libfyaml whenever it is not certain; off only in the tests and the
    /// fuzzer that hold the two to the same trees.
    bool simple_block = true;
};

/// Reads all of one input ("-" is stdin; a file, FIFO or device) within the byte limits of
/// `opt`, adding what it read to *opt.run_read. The error names no file; it says why: the
/// unreadable reason, or "input exceeds the limit of N bytes per file (--max-input-bytes raises
/// it); stopped reading there" (or per run, --max-total-input-bytes). Nothing of an input over
/// a limit is returned: half a file would look complete.
Result<std::string> read_limited(const std::string& path, const LoadOptions& opt);

/// Loads every path into `out`, appending diagnostics for input problems. A broken
/// document does not stop the others. Returns false when a path cannot be read, or
/// is not text (a NUL byte), or exceeds a byte limit: the caller exits 2.
bool load_paths(const std::vector<std::string>& paths, Cluster& out, DiagSink& diags, const LoadOptions& opt = {});

/// Loads one in-memory text (name is used in positions). For tests and stdin.
void load_text(std::string name, std::string text, Cluster& out, DiagSink& diags, const LoadOptions& opt = {});

/// What a caller made of one batch of a large List's items (ListBatchWork).
class BatchResult {
public:
    virtual ~BatchResult() = default;
};

/// Work on each batch of a large List's items done on the thread that parsed the batch
/// (the calling thread or the parser's worker), so a tree is read on the core that built
/// it: handed across to the calling thread, each item's tree (ten times the size of its
/// text) cost a third of the CPU of loading a 59 MB JSON export.
struct ListBatchWork {
    /// On the parsing thread, with a batch's trees in document order (a batch that parsed
    /// cleanly). Returns what it made of all of them, or nullptr to have them handed to
    /// the sink one by one instead. Runs beside the calling thread: it may touch nothing
    /// but the trees and what it returns.
    std::function<std::unique_ptr<BatchResult>(const std::vector<yaml::Node>&)> prepare;
    /// On the calling thread, in document order, in place of the sink: a batch's result.
    std::function<void(BatchResult&)> take;
};

/// What parse_objects learnt of the text beside its objects.
struct ParseSummary {
    /// It holds a NUL byte: not text (each document holding one was refused with a
    /// diagnostic at the byte).
    bool nul = false;
};

/// Low level: parses a YAML/JSON text and calls `sink` with each top-level object
/// (each document, or each item of a List document). Used by the loader and by
/// audit ingest of `kubectl get -o yaml` exports. `list_items`, when given, learns how
/// many items a large List document holds before its first one reaches `sink` (a hint
/// for reserving room; the count is the layout's claim, not a promise). `batch_work`,
/// when given, handles the batches of a large List parsed on two threads instead of the
/// sink (a batch it declines still reaches the sink).
ParseSummary parse_objects(std::uint32_t file_id, std::string_view text, DiagSink& diags, const LoadOptions& opt,
                           const std::function<void(yaml::Node&&)>& sink,
                           const std::function<void(std::size_t)>& list_items = {},
                           const ListBatchWork* batch_work = nullptr);

/// Decodes one object tree into the cluster (dispatch by apiVersion/kind).
void decode_object(const yaml::Node& obj, Cluster& out, DiagSink& diags);

/// True when decode_object would only append `obj` to the cluster (its kind's list, the
/// schema issues) and report to `diags`, reading nothing already decoded: such objects may
/// be decoded into a Cluster of their own and appended later (Cluster::append). False for
/// Jobs and Pods (a Pod group joins a Job decoded before it), the Kueue Configuration (one
/// per run) and kinds not modelled (counted as skipped).
bool decodes_alone(const yaml::Node& obj);

}  // namespace kg::model
