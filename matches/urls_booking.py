from django.urls import path

from matches import views_booking as views

urlpatterns = [
    path("<slug:slug>/cards/", views.card_list, name="cards"),
    path("<slug:slug>/cards/new/", views.card_create, name="card-create"),
    path("<slug:slug>/cards/wrestlers/", views.wrestler_search, name="wrestler-search"),
    path("<slug:slug>/cards/<int:pk>/", views.card_detail, name="card"),
    path("<slug:slug>/cards/<int:pk>/edit/", views.card_edit, name="card-edit"),
    path("<slug:slug>/cards/<int:pk>/book/", views.card_book, name="card-book"),
    path("<slug:slug>/cards/<int:pk>/reorder/", views.card_reorder, name="card-reorder"),
    path("<slug:slug>/cards/<int:pk>/matches/add/", views.match_add, name="match-add"),
    path("<slug:slug>/cards/<int:pk>/matches/<int:mid>/edit/", views.match_edit, name="match-edit"),
    path("<slug:slug>/cards/<int:pk>/matches/<int:mid>/move/", views.match_move, name="match-move"),
    path("<slug:slug>/cards/<int:pk>/matches/<int:mid>/remove/", views.match_remove, name="match-remove"),
    path("<slug:slug>/cards/<int:pk>/matches/<int:mid>/odds/", views.match_odds, name="match-odds"),
]
