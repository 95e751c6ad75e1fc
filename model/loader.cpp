// From paths to a Cluster: walks files and directories (sorted, so runs are
// deterministic), reads each file once, and hands every object the front end
// produces to the decoders. Unreadable paths are diagnostics, never exceptions.
#include "model/loader.h"

#include "model/input_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace kg::model {

namespace fs = std::filesystem;

namespace {

bool has_manifest_extension(const fs::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

// A batch of List items decoded on the thread that parsed it, into a Cluster of its own
// that load_file_text appends to the run's in document order, diagnostics too.
struct DecodedBatch : BatchResult {
    Cluster part;
    DiagSink diags;
};

// Declines (nullptr) a batch holding an object whose decoding reads what was decoded
// before it: the sink decodes that batch in order on the calling thread.
std::unique_ptr<BatchResult> decode_batch(const std::vector<yaml::Node>& trees) {
    if (!std::all_of(trees.begin(), trees.end(), [](const yaml::Node& t) { return decodes_alone(t); })) {
        return nullptr;
    }
    auto batch = std::make_unique<DecodedBatch>();
    // A large List is nearly always Workloads: room for them up front, so none is moved
    // while the batch's list grows.
    batch->part.workloads.reserve(trees.size());
    for (const yaml::Node& t : trees) {
        ++batch->part.documents;
        decode_object(t, batch->part, batch->diags);
    }
    return batch;
}

ParseSummary load_file_text(std::uint32_t file_id, std::string_view text, Cluster& out, DiagSink& diags,
                            const LoadOptions& opt) {
    // A large List export's items are Workloads, or Jobs and Pods that each derive
    // one: room for them all is reserved up front. Grown by doubling instead, the
    // vector moved every Workload of a 20,000-item export about once more and touched
    // twice the memory (a tenth of the load's CPU, page faults included). The room
    // is only address space until used; at least doubling keeps many List files from
    // reallocating once each.
    auto reserve = [&](std::size_t items) {
        std::size_t need = out.workloads.size() + items;
        if (need > out.workloads.capacity()) {
            out.workloads.reserve(std::max(need, 2 * out.workloads.capacity()));
            // Filled once, in order: 14 MB for 20,000 Workloads, 3,600 page faults
            // with 4 KiB pages.
            advise_huge_pages(out.workloads.data() + out.workloads.size(),
                              (out.workloads.capacity() - out.workloads.size()) * sizeof(Workload));
        }
    };
    ListBatchWork decode_batches{
        [](const std::vector<yaml::Node>& trees) { return decode_batch(trees); },
        [&](BatchResult& r) {
            auto& batch = static_cast<DecodedBatch&>(r);
            out.append(std::move(batch.part));
            for (const Diagnostic& d : batch.diags.items()) {
                diags.add(d.severity, d.pos, d.message);
            }
        }};
    return parse_objects(
        file_id, text, diags, opt,
        [&](yaml::Node&& obj) {
            ++out.documents;
            decode_object(obj, out, diags);
        },
        reserve, &decode_batches);
}

void cannot_read(Cluster& out, DiagSink& diags, const std::string& path, const std::string& why) {
    std::uint32_t id = out.files.add(path);
    diags.error({id, 0, 0}, "cannot read: " + why);
}

}  // namespace

void load_text(std::string name, std::string text, Cluster& out, DiagSink& diags, const LoadOptions& opt) {
    std::uint32_t id = out.files.add(std::move(name), opt.keep_text ? text : std::string());
    load_file_text(id, text, out, diags, opt);
    out.reindex();
}

namespace {

std::string bytes_text(std::uint64_t n) {
    return std::to_string(n) + " bytes";
}

}  // namespace

Result<std::string> read_limited(const std::string& path, const LoadOptions& opt) {
    std::uint64_t own = 0;
    std::uint64_t& used = opt.run_read != nullptr ? *opt.run_read : own;
    std::uint64_t left = opt.max_total_bytes - std::min(used, opt.max_total_bytes);
    bool run_limit = left < opt.max_file_bytes;
    auto in = read_input(path, std::min(left, opt.max_file_bytes));
    if (!in) {
        return make_error(in.error().message);
    }
    used += in->text.size();
    if (in->over_limit) {
        std::string what = run_limit ? "the limit of " + bytes_text(opt.max_total_bytes) +
                                           " per run (--max-total-input-bytes raises it)"
                                     : "the limit of " + bytes_text(opt.max_file_bytes) +
                                           " per file (--max-input-bytes raises it)";
        return make_error("input exceeds " + what + "; stopped reading there");
    }
    return std::move(in->text);
}

namespace {

// Walks and loads the paths of one load_paths call, keeping the run's byte budget.
class PathLoader {
public:
    PathLoader(Cluster& out, DiagSink& diags, const LoadOptions& opt) : m_out(out), m_diags(diags), m_opt(opt) {
        if (m_opt.run_read == nullptr) {
            m_opt.run_read = &m_read;  // this call is the run
        }
    }

    bool all_read() const { return m_all_read; }

    void load_path(const std::string& path) {
        std::error_code ec;
        if (path != "-" && fs::is_directory(path, ec)) {
            load_directory(path);
        } else {
            load_one(path);
        }
    }

private:
    void fail(const std::string& path, const std::string& why) {
        cannot_read(m_out, m_diags, path, why);
        m_all_read = false;
    }

    // Every manifest-named entry is loaded or reported: a dangling symlink or a
    // symlink loop is an error, never skipped silently.
    void load_directory(const std::string& path) {
        std::vector<std::string> files;
        std::vector<std::pair<std::string, std::string>> unusable;  // path, why
        std::error_code walk;
        for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, walk);
             !walk && it != fs::recursive_directory_iterator(); it.increment(walk)) {
            if (!has_manifest_extension(it->path())) {
                continue;
            }
            std::error_code ec;
            fs::file_status st = fs::status(it->path(), ec);
            if (ec || st.type() == fs::file_type::not_found) {
                int err = ec ? ec.value() : ENOENT;
                unusable.emplace_back(it->path().string(), unreadable_reason(it->path().string(), err));
            } else if (fs::is_regular_file(st)) {
                files.push_back(it->path().string());
            } else if (!fs::is_directory(st)) {
                // A FIFO or device named *.yaml: reading it could block or never end.
                unusable.emplace_back(it->path().string(),
                                      "not a regular file (a FIFO, socket or device is read only when named on its own)");
            }
        }
        if (walk) {
            fail(path, walk.message());
        }
        std::sort(unusable.begin(), unusable.end());  // directory order differs between file systems
        for (const auto& [p, why] : unusable) {
            fail(p, why);
        }
        std::sort(files.begin(), files.end());
        for (const std::string& f : files) {
            load_one(f);
        }
    }

    void load_one(const std::string& path) {
        if (std::shared_ptr<const MappedFile> file = map_limited(path)) {
            load_mapped(path, file);
            return;
        }
        auto in = read_limited(path, m_opt);
        std::string name = path == "-" ? "<stdin>" : path;
        if (!in) {
            fail(name, in.error().message);
            return;
        }
        std::uint32_t id = load_named(name, *in);
        if (m_opt.keep_text) {
            m_out.files.set_text(id, std::move(*in));
        }
    }

    // Adds the file `name` and loads `text` as its content, read or mapped; returns its id.
    std::uint32_t load_named(const std::string& name, std::string_view text) {
        std::uint32_t id = m_out.files.add(name);
        if (load_file_text(id, text, m_out, m_diags, m_opt).nul) {
            m_all_read = false;  // not text: parse_objects named the NUL byte's position
        }
        return id;
    }

    // A large regular file within the byte limits, mapped, its bytes counted as
    // read_limited counts them; null when it is to be read instead (read_limited then
    // also says why one is over a limit or cannot be read).
    std::shared_ptr<const MappedFile> map_limited(const std::string& path) {
        std::uint64_t& used = *m_opt.run_read;
        std::uint64_t left = m_opt.max_total_bytes - std::min(used, m_opt.max_total_bytes);
        std::shared_ptr<const MappedFile> file = map_input(path, std::min(left, m_opt.max_file_bytes));
        if (file) {
            used += file->text().size();
        }
        return file;
    }

    void load_mapped(const std::string& path, const std::shared_ptr<const MappedFile>& file) {
        std::string_view text = file->text();
        std::uint32_t id = load_named(path, text);
        if (file->changed()) {
            // Cut short by another process while loading (or a page the disk could not
            // read): those bytes were read as zeros, so what was loaded from it cannot be
            // trusted.
            m_diags.error({id, 0, 0}, "cannot read: part of the file was gone when it was read (cut short by another "
                                      "process, or a read error); load it again once nothing writes to it");
            m_all_read = false;
        }
        if (m_opt.keep_text) {
            m_out.files.set_text(id, text, file);
        }
    }

    Cluster& m_out;
    DiagSink& m_diags;
    LoadOptions m_opt;
    std::uint64_t m_read = 0;  ///< bytes read by this call when the caller keeps no run count
    bool m_all_read = true;
};

}  // namespace

bool load_paths(const std::vector<std::string>& paths, Cluster& out, DiagSink& diags, const LoadOptions& opt) {
    PathLoader loader(out, diags, opt);
    for (const std::string& path : paths) {
        loader.load_path(path);
    }
    out.reindex();
    return loader.all_read();
}

}  // namespace kg::model
