#include "audit/ingest/input.h"

#include <zlib.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace kg::audit::ingest {

namespace {
constexpr std::size_t k_head_bytes = 64 * 1024;
constexpr std::size_t k_raw_chunk = 1 << 20;
}  // namespace

struct Input::Z {
    z_stream s{};
    std::vector<char> in = std::vector<char>(k_raw_chunk);
    bool initialised = false;
    bool eof_raw = false;
    bool in_member = false;  ///< input consumed since the last member ended
};

Input::Input(const std::string& path) : m_z(std::make_unique<Z>()) {
    if (path == "-") {
        m_file = stdin;
    } else {
        m_file = std::fopen(path.c_str(), "rb");
        if (m_file == nullptr) {
            m_error = std::strerror(errno);
            return;
        }
        m_owns = true;
        struct stat st{};
        if (fstat(fileno(m_file), &st) == 0) {
            if (S_ISDIR(st.st_mode)) {
                m_error = "is a directory";
                return;
            }
            if (S_ISREG(st.st_mode)) {
                m_raw_size = static_cast<std::uint64_t>(st.st_size);
                m_regular = true;
            }
            m_mtime = st.st_mtime;
            m_mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
        }
    }
    // Read the head once: it names the source (head hash) and tells gzip from plain text.
    m_head.resize(k_head_bytes);
    std::size_t got = 0;
    while (got < k_head_bytes) {
        const std::size_t n = std::fread(m_head.data() + got, 1, k_head_bytes - got, m_file);
        if (n == 0) break;
        got += n;
    }
    if (std::ferror(m_file)) {
        m_error = std::strerror(errno);
        return;
    }
    m_head.resize(got);
    m_head_sha = sha256_hex(m_head);
    m_gzip = got >= 2 && static_cast<unsigned char>(m_head[0]) == 0x1f && static_cast<unsigned char>(m_head[1]) == 0x8b;
}

Input::~Input() {
    if (m_z->initialised) inflateEnd(&m_z->s);
    if (m_owns && m_file) std::fclose(m_file);
}

std::size_t Input::read_raw(char* buf, std::size_t n) {
    std::size_t got = 0;
    if (m_head_pos < m_head.size()) {
        got = std::min(n, m_head.size() - m_head_pos);
        std::memcpy(buf, m_head.data() + m_head_pos, got);
        m_head_pos += got;
    }
    if (got < n && m_file) got += std::fread(buf + got, 1, n - got, m_file);
    m_sha.update(buf, got);  // copied and hashed on the worker thread
    m_raw_read += got;
    return got;
}

std::size_t Input::inflate_some(char* buf, std::size_t n) {
    Z& z = *m_z;
    if (!z.initialised) {
        if (inflateInit2(&z.s, 16 + MAX_WBITS) != Z_OK) {
            m_error = "cannot initialise zlib";
            return 0;
        }
        z.initialised = true;
    }
    z.s.next_out = reinterpret_cast<Bytef*>(buf);
    z.s.avail_out = static_cast<uInt>(n);
    while (z.s.avail_out == n) {
        if (z.s.avail_in == 0) {
            if (z.eof_raw) break;
            const std::size_t got = read_raw(z.in.data(), z.in.size());
            if (got == 0) {
                z.eof_raw = true;
                break;
            }
            z.in_member = true;
            z.s.next_in = reinterpret_cast<Bytef*>(z.in.data());
            z.s.avail_in = static_cast<uInt>(got);
        }
        const int rc = inflate(&z.s, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
            z.in_member = z.s.avail_in != 0;
            // Rotated logs may be several gzip members back to back: start the next one.
            if (inflateReset(&z.s) != Z_OK) {
                m_error = "corrupt gzip stream";
                break;
            }
            continue;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            m_error = std::string("corrupt gzip stream: ") + (z.s.msg ? z.s.msg : "inflate failed");
            break;
        }
        if (rc == Z_BUF_ERROR && z.s.avail_in == 0 && z.eof_raw) break;
    }
    if (z.eof_raw && z.s.avail_in == 0 && z.in_member && n == z.s.avail_out) m_truncated = true;
    return n - z.s.avail_out;
}

std::size_t Input::read(char* buf, std::size_t n) {
    if (!ok() || n == 0) return 0;
    return m_gzip ? inflate_some(buf, n) : read_raw(buf, n);
}

void Input::drain_raw() {
    std::vector<char> buf(k_raw_chunk);
    while (read_raw(buf.data(), buf.size()) > 0) {
    }
}

std::string Input::sha256() { return m_sha.hex(); }

std::string Input::changed_while_read() const {
    if (!m_regular || m_file == nullptr) return {};
    struct stat st{};
    if (fstat(fileno(m_file), &st) != 0) return std::string("cannot stat it again: ") + std::strerror(errno);
    const auto size = static_cast<std::uint64_t>(st.st_size);
    const std::int64_t mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
    if (size != m_raw_size || m_raw_read != m_raw_size)
        return "its size was " + std::to_string(m_raw_size) + " bytes when opened, " + std::to_string(size) +
               " now, and " + std::to_string(m_raw_read) + " bytes were read";
    if (mtime_ns != m_mtime_ns) return "it was modified while being read (same size, new modification time)";
    return {};
}

}  // namespace kg::audit::ingest
