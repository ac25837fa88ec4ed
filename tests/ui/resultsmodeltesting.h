#pragma once

// Results the Results table's tests feed the model: ok ones with a GB/s figure, timed ones of a
// problem size, failed ones; and the table's header texts.
#include "models/resultsmodel.h"

#include <QStringList>

#include <string>
#include <utility>
#include <vector>

namespace tbtest {

inline tb::ResultEvent okResult(const std::string &key, double median, double gbps,
                                std::vector<double> values = {})
{
    tb::ResultEvent event;
    event.configKey = key;
    event.config.values = std::move(values);
    event.result.status = tb::ResultStatus::Ok;
    event.result.summary.median = median;
    event.result.summary.min = median * 0.9;
    event.result.summary.stddev = median * 0.01;
    event.result.summary.count = 7;
    event.result.metrics["GB/s"] = gbps;
    return event;
}

// An ok result of problem size `sizeIndex` whose objective is its median time.
inline tb::ResultEvent timed(const std::string &key, std::size_t sizeIndex, double median)
{
    tb::ResultEvent event = okResult(key, median, 1);
    event.sizeIndex = sizeIndex;
    event.objective = median;
    return event;
}

inline tb::ResultEvent failedResult(const std::string &key, std::vector<double> values = {})
{
    tb::ResultEvent event;
    event.configKey = key;
    event.config.values = std::move(values);
    event.result.status = tb::ResultStatus::WrongResult;
    event.result.message = "output differs at index 3";
    return event;
}

inline QStringList headers(const QAbstractItemModel &model)
{
    QStringList names;
    for (int column = 0; column < model.columnCount(); ++column)
        names << model.headerData(column, Qt::Horizontal).toString();
    return names;
}

} // namespace tbtest
