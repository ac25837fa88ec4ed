#pragma once

#include <csignal>
#include <sys/resource.h>

namespace tbtest {

// Lowers the file-size limit so that writes past `bytes` fail with EFBIG, as on a full disk and
// for root too (whom read-only directories do not stop); SIGXFSZ is ignored meanwhile so the
// write fails instead of killing the test. restore() (or the destructor) puts both back.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        if (::getrlimit(RLIMIT_FSIZE, &m_saved) != 0)
            return;
        rlimit limit = m_saved;
        limit.rlim_cur = bytes;
        m_set = ::setrlimit(RLIMIT_FSIZE, &limit) == 0;
    }
    ~FileSizeLimit() { restore(); }
    FileSizeLimit(const FileSizeLimit &) = delete;
    FileSizeLimit &operator=(const FileSizeLimit &) = delete;

    // Whether the lower limit is in force.
    bool isSet() const { return m_set; }

    // Puts the previous limit and handler back; false when the limit could not be restored.
    bool restore()
    {
        if (m_restored)
            return true;
        m_restored = true;
        const bool ok = !m_set || ::setrlimit(RLIMIT_FSIZE, &m_saved) == 0;
        std::signal(SIGXFSZ, m_handler);
        m_set = false;
        return ok;
    }

private:
    rlimit m_saved{};
    void (*m_handler)(int) = nullptr;
    bool m_set = false;
    bool m_restored = false;
};

} // namespace tbtest
