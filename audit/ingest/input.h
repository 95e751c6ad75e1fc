// One input as a stream of decompressed bytes: a file or stdin ("-"), gzip detected by
// its magic bytes (concatenated members, as rotated audit logs are, included) and
// inflated in chunks. Hashes the raw bytes as they pass (the source's sha256, on a worker
// thread: background_hash.h) and knows the hash of the first 64 KiB before anything is
// consumed (to recognise a source on resume).
#pragma once

#include "audit/ingest/background_hash.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

namespace kg::audit::ingest {

class Input {
public:
    /// Opens `path` ("-" = stdin). On failure, ok() is false and error() says why.
    explicit Input(const std::string& path);
    ~Input();
    Input(const Input&) = delete;
    Input& operator=(const Input&) = delete;

    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    bool gzip() const { return m_gzip; }
    /// The gzip stream ended inside a member (a truncated .gz file); what came before is kept.
    bool truncated() const { return m_truncated; }
    const std::string& head_sha256() const { return m_head_sha; }
    /// Raw size from stat(), 0 when unknown (stdin, pipes).
    std::uint64_t raw_size() const { return m_raw_size; }
    std::uint64_t raw_read() const { return m_raw_read; }
    /// File modification time (Unix seconds), 0 when unknown.
    std::int64_t mtime() const { return m_mtime; }

    /// Reads up to `n` decompressed bytes; 0 at the end. Sets error() on a corrupt gzip stream.
    std::size_t read(char* buf, std::size_t n);
    /// Reads (and hashes) the rest of the raw input without decompressing it.
    void drain_raw();
    /// sha256 of every raw byte read so far (call after the end).
    std::string sha256();
    /// After the end: why the file is not the one that was opened (it shrank, grew or was
    /// rewritten while being read), or "" when it is unchanged. Always "" for stdin and pipes.
    std::string changed_while_read() const;

private:
    std::size_t read_raw(char* buf, std::size_t n);
    std::size_t inflate_some(char* buf, std::size_t n);

    std::FILE* m_file = nullptr;
    bool m_owns = false;
    bool m_gzip = false;
    bool m_truncated = false;
    std::string m_error;
    std::string m_head;  ///< raw bytes read ahead to hash the head, served first
    std::size_t m_head_pos = 0;
    std::string m_head_sha;
    std::uint64_t m_raw_size = 0, m_raw_read = 0;
    std::int64_t m_mtime = 0;
    std::int64_t m_mtime_ns = 0;
    bool m_regular = false;
    BackgroundSha256 m_sha;  ///< the raw bytes' hash, computed beside the reader
    struct Z;
    std::unique_ptr<Z> m_z;
};

}  // namespace kg::audit::ingest
