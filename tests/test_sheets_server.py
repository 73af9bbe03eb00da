"""The local Sheets API server, driven by the real gspread 6 client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import gspread
import gspread.http_client
import pytest
import requests
from gspread.exceptions import APIError, SpreadsheetNotFound
from gspread.utils import Dimension, ValueInputOption, ValueRenderOption

from tests.support.sheets_server import (
    LOCAL_TOKEN,
    SheetsServer,
    local_client,
    mount_local,
    service_account_client,
    service_account_file,
)

KEY = "festival-key"
ROUND: list[list[Any]] = [
    ["Player", "Game", "Points", "", ""],
    ["Wren", "Alchemy", 3],
    ["Quill", "Continuum", 5, "", None],
    [],
    ["uri", "", 2],
]


@pytest.fixture
def server() -> Iterator[SheetsServer]:
    with SheetsServer() as running:
        running.add_spreadsheet(
            KEY, "AWA Festival", {"Standings": [["Player", "Points"]], "Round 1": ROUND}
        )
        running.add_spreadsheet("private-key", "Private", {"Sheet1": [["x"]]}, shared=False)
        yield running


@pytest.fixture
def client(server: SheetsServer) -> gspread.Client:
    return local_client(server)


def test_open_by_key_and_worksheet_titles(server: SheetsServer, client: gspread.Client) -> None:
    book = client.open_by_key(KEY)

    assert book.title == "AWA Festival"
    sheets = book.worksheets()
    assert [ws.title for ws in sheets] == ["Standings", "Round 1"]
    assert [(ws.id, ws.index, ws.row_count, ws.col_count) for ws in sheets] == [
        (0, 0, 1000, 26),
        (1, 1, 1000, 26),
    ]
    first = server.api_requests[0]
    assert (first.method, first.path) == ("GET", f"/v4/spreadsheets/{KEY}")
    assert first.query == {"includeGridData": ["false"]}
    # open_by_key fetches the metadata once, worksheets() once more.
    assert len(server.api_requests) == 2


def test_values_get_trims_like_google(client: gspread.Client) -> None:
    book = client.open_by_key(KEY)

    got = book.values_get("'Round 1'!A1:H12")
    assert got["range"] == "'Round 1'!A1:H12"
    assert got["majorDimension"] == "ROWS"
    # FORMATTED_VALUE (the default) answers strings; trailing empties and rows are trimmed.
    assert got["values"] == [
        ["Player", "Game", "Points"],
        ["Wren", "Alchemy", "3"],
        ["Quill", "Continuum", "5"],
        [],
        ["uri", "", "2"],
    ]
    whole = book.values_get("Standings", params={"valueRenderOption": "UNFORMATTED_VALUE"})
    assert whole == {
        "range": "Standings!A1:Z1000",
        "majorDimension": "ROWS",
        "values": [["Player", "Points"]],
    }
    assert "values" not in book.values_get("Standings!D4")
    ws = book.worksheet("Round 1")
    assert ws.get("C2:C3", value_render_option=ValueRenderOption.unformatted) == [[3], [5]]
    assert ws.get("A1:B2", major_dimension=Dimension.cols) == [
        ["Player", "Wren"],
        ["Game", "Alchemy"],
    ]
    assert ws.get_all_values()[4] == ["uri", "", "2"]  # gspread pads to a rectangle itself


def test_batch_get_is_one_request(server: SheetsServer, client: gspread.Client) -> None:
    ws = client.open_by_key(KEY).worksheet("Round 1")
    server.requests.clear()

    got = ws.batch_get(["A1:B2", "C3", "A:A"])

    assert [list(r) for r in got] == [
        [["Player", "Game"], ["Wren", "Alchemy"]],
        [["5"]],
        [["Player"], ["Wren"], ["Quill"], [], ["uri"]],
    ]
    assert [r.range for r in got] == ["'Round 1'!A1:B2", "'Round 1'!C3", "'Round 1'!A1:A1000"]
    batch = [r for r in server.requests if r.path.endswith("values:batchGet")]
    assert len(server.requests) == len(batch) == 1
    assert batch[0].query["ranges"] == ["'Round 1'!A1:B2", "'Round 1'!C3", "'Round 1'!A:A"]


def test_update_and_batch_update_values(server: SheetsServer, client: gspread.Client) -> None:
    ws = client.open_by_key(KEY).worksheet("Standings")

    reply = ws.update([["Wren", "12", "=B2*2", "TRUE"]], "A2", raw=False)
    assert reply["updatedRange"] == "Standings!A2:D2"
    assert reply["updatedCells"] == 4
    ws.update([["Quill", "07"]], "A3:B3")  # RAW: strings stay strings
    assert server.values(KEY, "Standings") == [
        ["Player", "Points"],
        ["Wren", 12, "=B2*2", True],
        ["Quill", "07"],
    ]
    put = server.api_requests[-1]
    assert put.method == "PUT"
    assert put.raw_path == f"/v4/spreadsheets/{KEY}/values/%27Standings%27%21A3%3AB3"
    assert put.query["valueInputOption"] == ["RAW"]

    ws.batch_update(
        [
            {"range": "B2", "values": [[13]]},
            {"range": "A4:B5", "values": [["uri", "2.5"], ["", None]]},
            {"range": "A2:A3", "values": [["Wren", "Quill"]], "majorDimension": "COLUMNS"},
        ],
        value_input_option=ValueInputOption.user_entered,
    )
    assert server.values(KEY, "Standings") == [
        ["Player", "Points"],
        ["Wren", 13, "=B2*2", True],
        ["Quill", "07"],
        ["uri", 2.5],
    ]
    body = server.api_requests[-1].body
    assert body["valueInputOption"] == "USER_ENTERED"
    assert [d["range"] for d in body["data"]] == [
        "'Standings'!B2",
        "'Standings'!A4:B5",
        "'Standings'!A2:A3",
    ]

    with pytest.raises(APIError) as too_big:
        ws.update([[1, 2, 3]], "A1:B1")
    assert too_big.value.code == 400
    assert "tried writing to column" in too_big.value.error["message"]


def test_append_and_clear(server: SheetsServer, client: gspread.Client) -> None:
    ws = client.open_by_key(KEY).worksheet("Round 1")

    ws.append_row(["Juniper", "Summoners", "4"], value_input_option=ValueInputOption.user_entered)
    assert server.values(KEY, "Round 1", "A6:C6") == [["Juniper", "Summoners", 4]]
    ws.batch_clear(["A1:C1", "A6:C6"])
    assert server.values(KEY, "Round 1", "A1:C1") == []
    ws.clear()
    assert server.values(KEY, "Round 1") == []


def test_spreadsheet_batch_update(server: SheetsServer, client: gspread.Client) -> None:
    book = client.open_by_key(KEY)
    board = {"sheetId": 42, "startRowIndex": 1, "endRowIndex": 11, "startColumnIndex": 2}
    board["endColumnIndex"] = 3

    reply = book.batch_update(
        {
            "requests": [
                {
                    "addSheet": {
                        "properties": {
                            "sheetId": 42,
                            "title": "Board",
                            "gridProperties": {"rowCount": 20, "columnCount": 8},
                        }
                    }
                },
                {
                    "setDataValidation": {
                        "range": board,
                        "rule": {
                            "condition": {
                                "type": "ONE_OF_LIST",
                                "values": [{"userEnteredValue": "fire"}],
                            },
                            "strict": True,
                            "showCustomUi": True,
                        },
                    }
                },
                {
                    "addConditionalFormatRule": {
                        "rule": {
                            "ranges": [board],
                            "booleanRule": {
                                "condition": {
                                    "type": "TEXT_EQ",
                                    "values": [{"userEnteredValue": "fire"}],
                                },
                                "format": {"backgroundColor": {"red": 1}},
                            },
                        },
                        "index": 0,
                    }
                },
            ]
        }
    )

    assert reply["replies"][0]["addSheet"]["properties"] == {
        "sheetId": 42,
        "title": "Board",
        "index": 2,
        "sheetType": "GRID",
        "gridProperties": {"rowCount": 20, "columnCount": 8},
    }
    assert reply["replies"][1:] == [{}, {}]
    assert server.batch_requests == ["addSheet", "setDataValidation", "addConditionalFormatRule"]
    sheet = server.sheet(KEY, "Board")
    assert sheet.validations[0]["rule"]["condition"]["type"] == "ONE_OF_LIST"
    assert sheet.conditional_formats[0]["booleanRule"]["condition"]["type"] == "TEXT_EQ"
    ws = book.worksheet("Board")
    assert (ws.id, ws.index, ws.row_count, ws.col_count) == (42, 2, 20, 8)

    # gspread's own helpers go through the same endpoint.
    ws.update_title("Board 2")
    ws.resize(rows=5)
    ws.format("A1:B1", {"textFormat": {"bold": True}})
    ws.merge_cells("A1:B1")
    extra = book.add_worksheet("Scratch", rows=3, cols=2)
    book.del_worksheet(extra)
    assert server.batch_requests[3:] == [
        "updateSheetProperties",
        "updateSheetProperties",
        "repeatCell",
        "mergeCells",
        "addSheet",
        "deleteSheet",
    ]
    assert [s.title for s in server.spreadsheet(KEY).sheets] == ["Standings", "Round 1", "Board 2"]
    assert server.sheet(KEY, "Board 2").row_count == 5

    # An unknown request kind fails the whole batch, and nothing is applied.
    with pytest.raises(APIError) as unknown:
        book.batch_update(
            {"requests": [{"addSheet": {"properties": {"title": "Nope"}}}, {"sortRange": {}}]}
        )
    assert unknown.value.code == 400
    assert "does not support 'sortRange'" in unknown.value.error["message"]
    assert server.spreadsheet(KEY).sheet_by_title("Nope") is None


def test_unknown_and_unshared_spreadsheets(client: gspread.Client) -> None:
    with pytest.raises(SpreadsheetNotFound):
        client.open_by_key("no-such-key")

    # gspread 6.2.1 turns a 403 from open_by_key into a bare PermissionError.
    with pytest.raises(PermissionError) as denied:
        client.open_by_key("private-key")
    cause = denied.value.__cause__
    assert isinstance(cause, APIError)
    assert cause.code == 403
    assert cause.error["status"] == "PERMISSION_DENIED"

    with pytest.raises(APIError) as direct:
        client.http_client.values_get("private-key", "Sheet1!A1")
    assert direct.value.code == 403


def test_injected_429_then_success(server: SheetsServer, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = local_client(server)
    server.fail_next(1, status=429, retry_after=1)
    with pytest.raises(APIError) as limited:
        plain.open_by_key(KEY)
    assert limited.value.code == 429
    assert limited.value.error["status"] == "RESOURCE_EXHAUSTED"
    assert limited.value.response.headers["Retry-After"] == "1"
    assert plain.open_by_key(KEY).title == "AWA Festival"

    # gspread's BackOffHTTPClient retries after time.sleep(2 ** n); don't really wait.
    sleeps: list[float] = []
    monkeypatch.setattr(gspread.http_client, "time", SimpleNamespace(sleep=sleeps.append))
    retrying = local_client(server, http_client=gspread.BackOffHTTPClient)
    server.requests.clear()
    server.fail_next(1, status=429)

    assert retrying.open_by_key(KEY).title == "AWA Festival"
    assert [(r.method, r.path, r.status) for r in server.requests] == [
        ("GET", f"/v4/spreadsheets/{KEY}", 429),
        ("GET", f"/v4/spreadsheets/{KEY}", 200),
    ]
    assert sleeps == [2]


def test_service_account_gets_a_token(server: SheetsServer, tmp_path: Path) -> None:
    path = service_account_file(tmp_path, server)

    client = gspread.service_account(filename=path)
    mount_local(client, server)  # before the first request: routes the Google hosts here
    assert client.open_by_key(KEY).title == "AWA Festival"

    assert len(server.token_requests) == 1
    grant = server.token_requests[0]
    assert grant["verified"] is True
    # google-auth always signs for Google's token URL, whatever token_uri says.
    assert grant["aud"] == "https://oauth2.googleapis.com/token"
    assert grant["iss"] == "festival-tests@local-project.iam.gserviceaccount.com"
    assert "https://www.googleapis.com/auth/spreadsheets" in grant["scope"].split()
    token = next(r for r in server.requests if r.kind == "token")
    assert token.body["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer"
    api = server.api_requests
    assert api and all(r.headers["authorization"] == f"Bearer {LOCAL_TOKEN}" for r in api)


# --- the failures a real network brings -----------------------------------------------------


def test_reset_next_drops_the_connection_before_or_after_applying(
    server: SheetsServer, client: gspread.Client
) -> None:
    server.reset_next(1, key=KEY)
    with pytest.raises(requests.ConnectionError):
        client.http_client.values_get(KEY, "Standings!A1")
    assert client.http_client.values_get(KEY, "Standings!A1")["values"] == [["Player"]]
    # applied: the write happens, only its answer is lost
    server.reset_next(1, key=KEY, method="POST", applied=True)
    body = {"valueInputOption": "RAW", "data": [{"range": "Standings!A3", "values": [["x"]]}]}
    with pytest.raises(requests.ConnectionError):
        client.http_client.values_batch_update(KEY, body)
    assert server.values(KEY, "Standings", "A3") == [["x"]]
    assert [r.status for r in server.api_requests] == [0, 200, 0]


def test_faults_can_be_aimed_at_one_spreadsheet(
    server: SheetsServer, client: gspread.Client
) -> None:
    server.add_spreadsheet("other", "Other")
    server.fail_next(1, status=503, key="other")
    assert client.http_client.values_get(KEY, "Standings!A1")  # not aimed at this one
    with pytest.raises(APIError) as failed:
        client.http_client.values_get("other", "Sheet1!A1")
    assert failed.value.code == 503
    assert server.requests_per_spreadsheet() == {KEY: 1, "other": 1}


def test_stall_next_holds_the_answer_past_a_clients_timeout(
    server: SheetsServer, client: gspread.Client
) -> None:
    client.http_client.set_timeout(0.2)
    server.stall_next(1, seconds=2.0)
    with pytest.raises(requests.Timeout):
        client.http_client.values_get(KEY, "Standings!A1")
    assert client.http_client.values_get(KEY, "Standings!A1")["values"] == [["Player"]]


def test_refuse_tokens_answers_invalid_grant(server: SheetsServer, tmp_path: Path) -> None:
    from google.auth.exceptions import RefreshError

    client = service_account_client(service_account_file(tmp_path, server), server)
    server.refuse_tokens(1)
    with pytest.raises(RefreshError) as refused:
        client.open_by_key(KEY)
    assert refused.value.args[0].startswith("invalid_grant")
    assert client.open_by_key(KEY).title == "AWA Festival"  # the next grant is answered
    server.reset_next(1, token=True)
    fresh = service_account_client(service_account_file(tmp_path, server), server)
    from google.auth.exceptions import TransportError

    with pytest.raises(TransportError):
        fresh.open_by_key(KEY)


def test_developer_metadata_and_grid_data(server: SheetsServer, client: gspread.Client) -> None:
    meta = {
        "metadataKey": "festival",
        "metadataValue": '{"round": 1}',
        "location": {"sheetId": 1},
        "visibility": "DOCUMENT",
    }
    reply = client.http_client.batch_update(
        KEY, {"requests": [{"createDeveloperMetadata": {"developerMetadata": meta}}]}
    )
    created = reply["replies"][0]["createDeveloperMetadata"]["developerMetadata"]
    assert created["location"] == {"locationType": "SHEET", "sheetId": 1}
    book = client.http_client.fetch_sheet_metadata(KEY, {"includeGridData": "true"})
    standings, round_1 = book["sheets"]
    assert "developerMetadata" not in standings
    assert round_1["developerMetadata"][0]["metadataValue"] == '{"round": 1}'
    rows = round_1["data"][0]["rowData"]
    assert rows[1]["values"][:3] == [
        {"userEnteredValue": {"stringValue": "Wren"}},
        {"userEnteredValue": {"stringValue": "Alchemy"}},
        {"userEnteredValue": {"numberValue": 3}},
    ]
    assert rows[3] == {} and "data" not in client.http_client.fetch_sheet_metadata(KEY)["sheets"][0]
