// The mapping and its SIGBUS guard (mapped_file.h). The handler only reads the slot table
// and calls mmap, which on Linux is a plain system call, safe in a signal handler.
#include "model/mapped_file.h"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <mutex>

namespace kg::model {

namespace {

// At most this many mappings at once (a run keeps the large inputs it loaded mapped, for
// excerpts); past it, files are read.
constexpr int k_slots = 64;

// The mappings the handler answers for. A slot is claimed with `used`, then its range
// published, `begin` last (the handler reads it first, and a slot whose begin is 0 is
// empty); it is emptied, begin first, before the range is unmapped.
struct Slot {
    std::atomic<bool> used{false};
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};
    std::atomic<bool> changed{false};
};

Slot g_slots[k_slots];
std::uintptr_t g_page = 0;
struct sigaction g_previous {};
bool g_installed = false;
std::once_flag g_install_once;

void on_sigbus(int sig, siginfo_t* info, void* context) {
    auto addr = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (Slot& s : g_slots) {
        std::uintptr_t begin = s.begin.load(std::memory_order_acquire);
        if (begin == 0 || addr < begin || addr >= s.end.load(std::memory_order_acquire)) {
            continue;
        }
        // A page of zeros where the file's page was; the read that faulted is retried on it.
        void* page = reinterpret_cast<void*>(addr & ~(g_page - 1));
        if (::mmap(page, g_page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            s.changed.store(true, std::memory_order_relaxed);
            return;
        }
        break;
    }
    // Not a mapping of ours (or its page could not be replaced): what was there before.
    if ((g_previous.sa_flags & SA_SIGINFO) != 0) {
        g_previous.sa_sigaction(sig, info, context);
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
    } else {
        ::sigaction(SIGBUS, &g_previous, nullptr);  // the fault recurs on return, and ends the process
    }
}

void install() {
    g_page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    struct sigaction sa {};
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    g_installed = g_page != 0 && ::sigaction(SIGBUS, &sa, &g_previous) == 0;
}

}  // namespace

std::unique_ptr<MappedFile> MappedFile::map(int fd, std::size_t size) {
    std::call_once(g_install_once, install);
    if (!g_installed || size == 0) {
        return nullptr;
    }
    // The file's pages and one more, which stays anonymous zeros: the byte past the end
    // reads as NUL even when the size is a whole number of pages (within the last page,
    // the kernel gives zeros past the end of the file).
    std::size_t file_bytes = (size + g_page - 1) / g_page * g_page;
    if (file_bytes < size || file_bytes + g_page < file_bytes) {
        return nullptr;
    }
    std::size_t mapped = file_bytes + g_page;
    void* base = ::mmap(nullptr, mapped, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) {
        return nullptr;
    }
    // MAP_POPULATE: the page tables filled at once, not one fault per 16 pages.
    if (::mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE, fd, 0) == MAP_FAILED) {
        ::munmap(base, mapped);
        return nullptr;
    }
    auto begin = reinterpret_cast<std::uintptr_t>(base);
    for (int i = 0; i < k_slots; ++i) {
        Slot& s = g_slots[i];
        bool free = false;
        if (s.used.compare_exchange_strong(free, true, std::memory_order_acq_rel)) {
            s.changed.store(false, std::memory_order_relaxed);
            s.end.store(begin + file_bytes, std::memory_order_release);
            s.begin.store(begin, std::memory_order_release);
            return std::unique_ptr<MappedFile>(new MappedFile(static_cast<const char*>(base), size, mapped, i));
        }
    }
    ::munmap(base, mapped);
    return nullptr;
}

MappedFile::~MappedFile() {
    Slot& s = g_slots[m_slot];
    s.begin.store(0, std::memory_order_release);
    s.end.store(0, std::memory_order_release);
    ::munmap(const_cast<char*>(m_begin), m_mapped);
    s.used.store(false, std::memory_order_release);
}

bool MappedFile::changed() const {
    return g_slots[m_slot].changed.load(std::memory_order_relaxed);
}

}  // namespace kg::model
