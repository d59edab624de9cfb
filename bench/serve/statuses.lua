-- wrk script: optionally sends one conditional header, and counts response statuses so the
-- summary proves what was measured (all 200 for full GETs, all 304 for revalidations).
-- usage: wrk ... -s statuses.lua URL -- [HEADER VALUE]
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    statuses = {}
    if args[1] ~= nil and args[2] ~= nil then
        wrk.headers[args[1]] = args[2]
    end
end

function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
    local totals = {}
    for _, thread in ipairs(threads) do
        for status, count in pairs(thread:get("statuses")) do
            totals[status] = (totals[status] or 0) + count
        end
    end
    local parts = {}
    for status, count in pairs(totals) do
        table.insert(parts, status .. "=" .. count)
    end
    table.sort(parts)
    io.write("statuses: " .. table.concat(parts, " ") .. "\n")
end
