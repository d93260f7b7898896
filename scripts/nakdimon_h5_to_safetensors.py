#!/usr/bin/env python3
"""Convert the Keras weights of Nakdimon (nakdimon==0.1.2, `nakdimon/Nakdimon.h5`) to safetensors.

Only the inference weights under `model_weights/` are kept (the Adam state under
`optimizer_weights/` is dropped). Tensor names are the ones `lashon_core::hebrew::nikud` reads:

    embedding                      (43, 400)    Embedding(43 -> 400, mask_zero)
    lstm1.fw.kernel / .recurrent   (400, 1600)  BiLSTM 1, forward direction, gates i f c o
    lstm1.fw.bias                  (1600,)
    lstm1.bw.*                                  BiLSTM 1, backward direction
    lstm2.fw.* / lstm2.bw.*                     BiLSTM 2
    dense.kernel (400, 400), dense.bias (400,)  Dense(400, linear)
    n.kernel (400, 16), n.bias                  niqqud head
    d.kernel (400, 3),  d.bias                  dagesh head
    s.kernel (400, 4),  s.bias                  shin/sin head

The safetensors container (8-byte little-endian header length, JSON header, raw little-endian
data) is written by hand so this needs only h5py and numpy.

    python3 nakdimon_h5_to_safetensors.py Nakdimon.h5 out.safetensors
"""
import json
import struct
import sys

import h5py
import numpy as np

# Keras layer path in the .h5 file -> our name.
LAYERS = {
    "embedding": "embedding/embedding/embeddings:0",
    "lstm1.fw.kernel": "bidirectional/bidirectional/forward_lstm/lstm_cell_1/kernel:0",
    "lstm1.fw.recurrent": "bidirectional/bidirectional/forward_lstm/lstm_cell_1/recurrent_kernel:0",
    "lstm1.fw.bias": "bidirectional/bidirectional/forward_lstm/lstm_cell_1/bias:0",
    "lstm1.bw.kernel": "bidirectional/bidirectional/backward_lstm/lstm_cell_2/kernel:0",
    "lstm1.bw.recurrent": "bidirectional/bidirectional/backward_lstm/lstm_cell_2/recurrent_kernel:0",
    "lstm1.bw.bias": "bidirectional/bidirectional/backward_lstm/lstm_cell_2/bias:0",
    "lstm2.fw.kernel": "bidirectional_1/bidirectional_1/forward_lstm_1/lstm_cell_4/kernel:0",
    "lstm2.fw.recurrent": "bidirectional_1/bidirectional_1/forward_lstm_1/lstm_cell_4/recurrent_kernel:0",
    "lstm2.fw.bias": "bidirectional_1/bidirectional_1/forward_lstm_1/lstm_cell_4/bias:0",
    "lstm2.bw.kernel": "bidirectional_1/bidirectional_1/backward_lstm_1/lstm_cell_5/kernel:0",
    "lstm2.bw.recurrent": "bidirectional_1/bidirectional_1/backward_lstm_1/lstm_cell_5/recurrent_kernel:0",
    "lstm2.bw.bias": "bidirectional_1/bidirectional_1/backward_lstm_1/lstm_cell_5/bias:0",
    "dense.kernel": "dense/dense/kernel:0",
    "dense.bias": "dense/dense/bias:0",
    "n.kernel": "N/N/kernel:0",
    "n.bias": "N/N/bias:0",
    "d.kernel": "D/D/kernel:0",
    "d.bias": "D/D/bias:0",
    "s.kernel": "S/S/kernel:0",
    "s.bias": "S/S/bias:0",
}


def load(h5_path):
    with h5py.File(h5_path, "r") as f:
        weights = f["model_weights"]
        return {name: np.asarray(weights[path], dtype="<f4") for name, path in LAYERS.items()}


def write_safetensors(tensors, out_path, metadata):
    header = {"__metadata__": metadata}
    offset = 0
    blobs = []
    for name in sorted(tensors):
        data = np.ascontiguousarray(tensors[name]).tobytes()
        header[name] = {
            "dtype": "F32",
            "shape": list(tensors[name].shape),
            "data_offsets": [offset, offset + len(data)],
        }
        offset += len(data)
        blobs.append(data)
    raw = json.dumps(header, separators=(",", ":")).encode("utf-8")
    raw += b" " * ((8 - len(raw) % 8) % 8)  # keep the data 8-byte aligned
    with open(out_path, "wb") as out:
        out.write(struct.pack("<Q", len(raw)))
        out.write(raw)
        for blob in blobs:
            out.write(blob)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: nakdimon_h5_to_safetensors.py Nakdimon.h5 out.safetensors")
    tensors = load(sys.argv[1])
    write_safetensors(
        tensors,
        sys.argv[2],
        {"source": "nakdimon==0.1.2 Nakdimon.h5", "license": "MIT (Elazar Gershuni)"},
    )


if __name__ == "__main__":
    main()
