// Bounded reads with POSIX calls: a regular file's size is only a hint (it may grow,
// /proc files report 0), and FIFOs and devices have none, so every input is read in
// blocks until its end or one byte past the limit.
#include "model/input_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace kg::model {

namespace {

constexpr std::size_t k_block = 1 << 16;
// Largest reservation made ahead of reading a stream (a raised limit grows past it).
constexpr std::uint64_t k_max_reserve = 1ull << 30;

// strerror's text, lower-cased at the start as diagnostics are.
std::string errno_text(int err) {
    std::string s = std::strerror(err);
    if (!s.empty()) {
        s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
    }
    return s;
}

Result<InputText> read_fd(int fd, std::uint64_t limit) {
    InputText out;
    struct stat st {};
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        return make_error("is a directory");
    }
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        // Room for the last, empty read as well (a block past the size): with only the
        // size reserved, that read grew the buffer to twice the file and copied it, then
        // shrink_to_fit copied it back, and those pages' faults were two fifths of
        // loading a 59 MB export.
        // (Written so that no sum can wrap, whatever the limit.)
        std::uint64_t size = std::min(static_cast<std::uint64_t>(st.st_size), limit);
        std::uint64_t last_read = std::min<std::uint64_t>(k_block, limit - size + 1);
        out.text.reserve(static_cast<std::size_t>(size + last_read));
        // The kernel gives huge pages only on request here (THP "madvise"): with 4 KiB
        // pages, filling a 59 MB export's buffer took 14,000 page faults, a third of the
        // load's system time.
        advise_huge_pages(out.text.data(), out.text.capacity());
    } else {
        // A stream of unknown size: reserve up to the limit at once (pages stay
        // untouched until read), so growing never holds the old and the new buffer
        // at the same time, which doubled the peak memory at the limit.
        out.text.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(limit, k_max_reserve) + 1));
    }
    for (;;) {
        std::size_t used = out.text.size();
        if (used > limit) {
            out.text.resize(static_cast<std::size_t>(limit));
            out.over_limit = true;
            return out;
        }
        // Never more than one byte past the limit is read: that byte tells "exactly at
        // the limit" from "over it" without reading an endless stream further.
        std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(k_block, limit + 1 - used));
        out.text.resize(used + want);
        ssize_t n = ::read(fd, out.text.data() + used, want);
        if (n < 0 && errno == EINTR) {
            out.text.resize(used);
            continue;
        }
        if (n < 0) {
            int err = errno;
            return make_error("read error: " + errno_text(err));
        }
        out.text.resize(used + static_cast<std::size_t>(n));
        if (n == 0) {
            if (out.text.size() < out.text.capacity() / 2) {
                out.text.shrink_to_fit();  // a short stream keeps no reservation for the run
            }
            return out;
        }
    }
}

}  // namespace

void advise_huge_pages(const void* begin, std::size_t bytes) {
#if defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t k_huge = std::uintptr_t{2} << 20;
    if (bytes < 4 * k_huge) {
        return;
    }
    auto from = reinterpret_cast<std::uintptr_t>(begin);
    std::uintptr_t first = (from + k_huge - 1) & ~(k_huge - 1);
    std::uintptr_t last = (from + bytes) & ~(k_huge - 1);
    if (last > first) {
        ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
    }
#else
    (void)begin;
    (void)bytes;
#endif
}

std::string unreadable_reason(const std::string& path, int err) {
    namespace fs = std::filesystem;
    if (err == ELOOP) {
        return "symbolic link loop (too many levels of symbolic links)";
    }
    std::error_code ec;
    if (err == ENOENT && fs::is_symlink(fs::symlink_status(path, ec))) {
        fs::path target = fs::read_symlink(path, ec);
        return "dangling symbolic link to \"" + target.string() + "\" (no such file or directory)";
    }
    return errno_text(err);
}

std::unique_ptr<MappedFile> map_input(const std::string& path, std::uint64_t limit) {
    // stat first: most inputs are small, and are read without opening them twice.
    struct stat st {};
    if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
        static_cast<std::uint64_t>(st.st_size) < k_map_from) {
        return nullptr;
    }
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return nullptr;
    }
    std::unique_ptr<MappedFile> file;
    // Its size again, from the file opened (the path may name another file by now).
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) >= k_map_from &&
        static_cast<std::uint64_t>(st.st_size) <= limit) {
        file = MappedFile::map(fd, static_cast<std::size_t>(st.st_size));
    }
    ::close(fd);  // the mapping keeps the file
    return file;
}

Result<InputText> read_input(const std::string& path, std::uint64_t limit) {
    if (path == "-") {
        return read_fd(STDIN_FILENO, limit);
    }
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int err = errno;
        return make_error(unreadable_reason(path, err));
    }
    Result<InputText> r = read_fd(fd, limit);
    ::close(fd);
    return r;
}

}  // namespace kg::model
