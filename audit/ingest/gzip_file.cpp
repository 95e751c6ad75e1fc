#include "audit/ingest/gzip_file.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace kg::audit::ingest {

std::string write_gzip_file(const std::string& path, std::string_view data) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
    if (!f) return "cannot write " + path + ": " + std::strerror(errno);
    z_stream z{};
    // windowBits 15 + 16: a gzip wrapper with a minimal header (no name, mtime 0).
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return "cannot start gzip compression for " + path;
    std::unique_ptr<z_stream, int (*)(z_stream*)> guard(&z, &deflateEnd);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    if (data.size() != z.avail_in) return "cannot write " + path + ": more than 4 GiB in one part";
    unsigned char buf[1 << 15];
    int rc = Z_OK;
    do {
        z.next_out = buf;
        z.avail_out = sizeof buf;
        rc = deflate(&z, Z_FINISH);
        if (rc == Z_STREAM_ERROR) return "gzip compression failed for " + path;
        const std::size_t n = sizeof buf - z.avail_out;
        if (std::fwrite(buf, 1, n, f.get()) != n) return "cannot write " + path + ": " + std::strerror(errno);
    } while (rc != Z_STREAM_END);
    if (std::fflush(f.get()) != 0) return "cannot write " + path + ": " + std::strerror(errno);
    return "";
}

}  // namespace kg::audit::ingest
